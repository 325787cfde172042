import { useRouteLoaderData } from "@remix-run/react";
// Only URLs: the stylesheet and the worker script are fetched when a map is drawn.
import maplibreStylesUrl from "maplibre-gl/dist/maplibre-gl.css?url";
import maplibreWorkerUrl from "maplibre-gl/dist/maplibre-gl-worker.mjs?url";

/**
 * How every map of the site loads maplibre-gl (about 200 kB of script and its stylesheet): in the
 * browser only, and only once its box comes near the screen, so a page whose map is hidden (a
 * phone showing the list) or never scrolled to never pays for it.
 */

const MAP_LOAD_ATTEMPTS = 10;
const MAP_RETRY_MS = 100;

export type Maplibre = typeof import("maplibre-gl");

/** The basemap style the site is configured with (MAP_STYLE_URL), from the root loader. */
export function useMapStyleUrl(): string {
  const root = useRouteLoaderData("root") as { mapStyleUrl?: string } | undefined;
  return root?.mapStyleUrl ?? "";
}

/** Resolves once the element is on screen or within 300 px of it; a hidden element never is. */
export function nearViewport(element: Element): { ready: Promise<void>; cancel(): void } {
  if (typeof IntersectionObserver === "undefined") return { ready: Promise.resolve(), cancel() {} };
  let observer: IntersectionObserver | null = null;
  const ready = new Promise<void>((resolve) => {
    observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer?.disconnect();
          resolve();
        }
      },
      { rootMargin: "300px" },
    );
    observer.observe(element);
  });
  return { ready, cancel: () => observer?.disconnect() };
}

/** Adds maplibre's stylesheet once; resolves when it has loaded (or failed: the map still works unstyled). */
function loadMapStyles(): Promise<void> {
  const existing = document.querySelector<HTMLLinkElement>("link[data-maplibre-styles]");
  if (existing) return Promise.resolve();
  return new Promise((resolve) => {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = maplibreStylesUrl;
    link.dataset.maplibreStyles = "";
    link.onload = link.onerror = () => resolve();
    document.head.appendChild(link);
  });
}

/**
 * maplibre-gl with its stylesheet and worker in place. The spec's map load: up to 10 attempts,
 * 100 ms apart (a chunk fetch can fail transiently); null once `cancelled()` says the map is gone.
 */
export async function loadMaplibre(cancelled: () => boolean): Promise<Maplibre | null> {
  await loadMapStyles();
  for (let attempt = 1; ; attempt++) {
    if (cancelled()) return null;
    try {
      const maplibre = await import("maplibre-gl");
      maplibre.setWorkerUrl(maplibreWorkerUrl);
      return maplibre;
    } catch (error) {
      if (attempt >= MAP_LOAD_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, MAP_RETRY_MS));
    }
  }
}
