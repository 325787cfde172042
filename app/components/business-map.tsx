import { useEffect, useRef, useState, type ReactNode } from "react";
// Only URLs: the stylesheet and the worker script are fetched when a map is drawn.
import maplibreStylesUrl from "maplibre-gl/dist/maplibre-gl.css?url";
import maplibreWorkerUrl from "maplibre-gl/dist/maplibre-gl-worker.mjs?url";
import { NewTabNote } from "./new-tab-note";

export const MAP_DEFAULT_ZOOM = 15;
const MAP_LOAD_ATTEMPTS = 10;
const MAP_RETRY_MS = 100;

export function validCoordinates(latitude: number | null, longitude: number | null): boolean {
  return (
    latitude !== null && longitude !== null && Number.isFinite(latitude) && Number.isFinite(longitude) &&
    Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180
  );
}

/** Resolves once the container is on screen or within 300 px of it. */
function nearViewport(element: Element): { ready: Promise<void>; cancel(): void } {
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
 * The location map. maplibre-gl (about 200 kB of script and its stylesheet) is loaded in the
 * browser only when the map comes near the screen: a visitor who never scrolls to it never pays
 * for it, and the page is interactive sooner. Missing coordinates say "Location not available";
 * invalid ones are logged and no map is drawn. Without JavaScript the box gives the coordinates
 * as a link to Google Maps.
 */
export function BusinessMap({ latitude, longitude, name, styleUrl }: { latitude: number | null; longitude: number | null; name: string; styleUrl: string }) {
  const container = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const missing = latitude === null || longitude === null;
  const valid = validCoordinates(latitude, longitude);

  useEffect(() => {
    if (missing) return;
    if (!valid) {
      console.warn("Invalid coordinates for map", { latitude, longitude });
      return;
    }
    let map: { remove(): void } | null = null;
    let cancelled = false;
    const visible = container.current ? nearViewport(container.current) : null;
    void (async () => {
      await visible?.ready;
      if (cancelled) return;
      await loadMapStyles();
      // The spec's map load: up to 10 attempts, 100 ms apart (a chunk fetch can fail transiently).
      for (let attempt = 1; attempt <= MAP_LOAD_ATTEMPTS && !cancelled; attempt++) {
        try {
          const maplibre = await import("maplibre-gl");
          if (cancelled || !container.current) return;
          maplibre.setWorkerUrl(maplibreWorkerUrl);
          const center: [number, number] = [longitude!, latitude!];
          const instance = new maplibre.Map({
            container: container.current,
            style: styleUrl,
            center,
            zoom: MAP_DEFAULT_ZOOM,
            attributionControl: { compact: true },
            // The canvas is what the keyboard reaches (Tab, then arrows pan): its own name says whose map it is.
            locale: { "Map.Title": `Map showing ${name}` },
          });
          new maplibre.Marker({ color: "#1e40af" }).setLngLat(center).addTo(instance);
          map = instance;
          return;
        } catch (error) {
          if (attempt === MAP_LOAD_ATTEMPTS) {
            console.error("map failed to load", error);
            setFailed(true);
          } else {
            await new Promise((resolve) => setTimeout(resolve, MAP_RETRY_MS));
          }
        }
      }
    })();
    return () => {
      cancelled = true;
      visible?.cancel();
      map?.remove();
    };
  }, [latitude, longitude, styleUrl, missing, valid, name]);

  if (missing) return <MapNotice>Location not available</MapNotice>;
  if (!valid || failed) return <MapNotice>Map unavailable</MapNotice>;
  const point = `${latitude}, ${longitude}`;
  return (
    <div ref={container} data-testid="business-map" className="h-64 w-full overflow-hidden rounded-lg">
      {/* The map is drawn by script; without it the box would stay empty. */}
      <noscript>
        <MapNotice>
          <span>The map needs JavaScript.</span>
          <a
            href={`https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(point)}`}
            target="_blank"
            rel="noopener noreferrer"
            className="font-medium text-brand-700 dark:text-sky-300 underline underline-offset-2"
          >
            View {point} on Google Maps
            <NewTabNote />
          </a>
        </MapNotice>
      </noscript>
    </div>
  );
}

/** What the map box says instead of a map. */
function MapNotice({ children }: { children: ReactNode }) {
  return <div className="flex h-64 flex-col items-center justify-center gap-2 rounded-lg bg-slate-100 dark:bg-slate-800 p-4 text-center text-slate-600 dark:text-slate-300">{children}</div>;
}
