import { Link, useLocation, useNavigate } from "@remix-run/react";
import type { Map as MaplibreMap, Marker } from "maplibre-gl";
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { filtersOf, withFilters } from "~/lib/search/filter-links";
import { formatNumber, formatRating } from "~/lib/directory/format";
import type { BoundingBox } from "~/lib/map/geo-cell";
import {
  FIT_MAX_ZOOM,
  RESULTS_MAP_MAX_ZOOM,
  boundsOfPoints,
  businessesShown,
  clusterClickZoom,
  initialBox,
  mapQuery,
  readMapFeatures,
  searchArea,
  viewBox,
  type MapFeature,
} from "~/lib/map/results-map";
import { loadMaplibre, nearViewport, useMapStyleUrl } from "./map-loading";
import { useHydrated } from "./use-hydrated";

/** A point of the listed results (cards carry coordinates when the list has them). */
export interface ResultPoint {
  latitude?: number | null;
  longitude?: number | null;
}

type MapBusiness = Extract<MapFeature, { kind: "business" }>;

const LOADING = "Loading the businesses in this area…";

/** Map moves settle for this long before the businesses of the new view are asked for. */
const REFRESH_DELAY_MS = 250;

/**
 * A list with its map: side by side from 1280 px (the map stays in view while the list
 * scrolls), and on a narrower screen one or the other behind a "Show map" / "Show list" button.
 * Without a list (`children` null) the map is shown alone. The map is only drawn (and
 * maplibre-gl only fetched) once it is on screen.
 */
export function ResultsWithMap({ children, points, scope = [] }: { children: ReactNode; points: readonly ResultPoint[]; scope?: readonly [string, string][] }) {
  const hydrated = useHydrated();
  const [shown, setShown] = useState<"list" | "map">("list");
  if (children === null) return <div className="mt-6"><ResultsMap points={points} scope={scope} /></div>;
  return (
    <div className="mt-6 xl:grid xl:grid-cols-[minmax(0,1fr)_minmax(20rem,42%)] xl:items-start xl:gap-6">
      {hydrated ? (
        <div className="mb-4 xl:hidden">
          <button
            type="button"
            onClick={() => setShown(shown === "list" ? "map" : "list")}
            className="inline-flex items-center gap-2 rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-900"
          >
            {shown === "list" ? "Show map" : "Show list"}
          </button>
        </div>
      ) : null}
      <div className={`min-w-0 ${shown === "map" ? "max-xl:hidden" : ""}`}>{children}</div>
      {/* Without the script there is no map to show, and on a narrow screen no button to show it. */}
      <div className={`xl:sticky xl:top-4 ${shown === "map" ? "" : "max-xl:hidden"}`}>
        <ResultsMap points={points} scope={scope} />
      </div>
    </div>
  );
}

function lngLatBounds(box: BoundingBox): [[number, number], [number, number]] {
  // Across the antimeridian the east edge goes past 180° for the map.
  return [[box.west, box.south], [box.east < box.west ? box.east + 360 : box.east, box.north]];
}

/**
 * The current result set on a map, from /api/map for the view (the list's search text, location,
 * filters and `scope`): clusters that split as it zooms (a click zooms in), single businesses as
 * pins whose click opens a card, and "Search this area" once the visitor has moved the map.
 */
function ResultsMap({ points, scope }: { points: readonly ResultPoint[]; scope: readonly [string, string][] }) {
  const styleUrl = useMapStyleUrl();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const container = useRef<HTMLDivElement>(null);
  const cardLink = useRef<HTMLAnchorElement>(null);
  const map = useRef<MaplibreMap | null>(null);
  const refresh = useRef<() => void>(() => {});
  // Read by the map's event handlers, which outlive a render.
  const current = useRef({ search, points, scope });
  current.current = { search, points, scope };
  const openedFrom = useRef<HTMLElement | null>(null);
  const [failed, setFailed] = useState(false);
  const [moved, setMoved] = useState(false);
  const [selected, setSelected] = useState<MapBusiness | null>(null);
  const [status, setStatus] = useState("");

  useEffect(() => {
    let cancelled = false;
    let markers: Marker[] = [];
    let request: AbortController | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const visible = container.current ? nearViewport(container.current) : null;
    void (async () => {
      await visible?.ready;
      let maplibre;
      try {
        maplibre = await loadMaplibre(() => cancelled);
      } catch (error) {
        console.error("map failed to load", error);
        setFailed(true);
        return;
      }
      if (!maplibre || cancelled || !container.current) return;
      const box = initialBox(current.current.search, current.current.points);
      // With no place and no listed coordinates, the first answer (the list's whole scope) picks the view.
      let fitToAnswer = !box;
      const instance = new maplibre.Map({
        container: container.current,
        style: styleUrl,
        ...(box ? { bounds: lngLatBounds(box), fitBoundsOptions: { padding: 40, maxZoom: FIT_MAX_ZOOM } } : { center: [0, 20] as [number, number], zoom: 1 }),
        maxZoom: RESULTS_MAP_MAX_ZOOM,
        attributionControl: { compact: true },
        locale: { "Map.Title": "Map of the results. Arrow keys move it, plus and minus zoom." },
      });
      instance.addControl(new maplibre.NavigationControl({ showCompass: false }), "top-right");
      map.current = instance;

      const draw = (features: MapFeature[]) => {
        for (const marker of markers) marker.remove();
        markers = features.map((feature) => {
          const element = markerElement(feature);
          element.addEventListener("click", (event) => {
            event.stopPropagation();
            if (feature.kind === "cluster") {
              setMoved(true);
              instance.easeTo({ center: [feature.longitude, feature.latitude], zoom: clusterClickZoom(instance.getZoom()) });
            } else {
              openedFrom.current = element;
              setSelected(feature);
            }
          });
          return new maplibre.Marker({ element, anchor: feature.kind === "cluster" ? "center" : "bottom" })
            .setLngLat([feature.longitude, feature.latitude])
            .addTo(instance);
        });
      };
      refresh.current = () => {
        request?.abort();
        const controller = new AbortController();
        request = controller;
        const bounds = instance.getBounds();
        const view = viewBox(bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth());
        const { search: list, scope: listScope } = current.current;
        fetch(`/api/map?${mapQuery(list, listScope, view, instance.getZoom())}`, { signal: controller.signal, headers: { Accept: "application/geo+json, application/json" } })
          .then(async (response) => {
            if (!response.ok) throw new Error(`/api/map answered ${response.status}`);
            const features = readMapFeatures(await response.json());
            if (controller.signal.aborted) return;
            draw(features);
            const count = businessesShown(features);
            setStatus(count === 0 ? "No business in this area matches." : `${formatNumber(count)} ${count === 1 ? "business" : "businesses"} in this area.`);
            if (!fitToAnswer || features.length === 0) return;
            const [only] = features;
            if (features.length === 1 && only?.kind === "cluster" && instance.getZoom() < FIT_MAX_ZOOM) {
              // All of it is one cluster: closer, until it splits.
              instance.jumpTo({ center: [only.longitude, only.latitude], zoom: clusterClickZoom(instance.getZoom(), FIT_MAX_ZOOM) });
            } else {
              fitToAnswer = false;
              instance.fitBounds(lngLatBounds(boundsOfPoints(features)!), { padding: 40, maxZoom: FIT_MAX_ZOOM, animate: false });
            }
          })
          .catch((error: unknown) => {
            if (controller.signal.aborted) return;
            console.error("map results failed to load", error);
            setStatus("The businesses of this area could not be loaded. Move the map to try again.");
          });
      };
      instance.on("load", () => {
        setStatus(LOADING);
        refresh.current();
      });
      instance.on("moveend", (event) => {
        // Only the visitor's own moves (drag, wheel, keys, the zoom buttons) carry their event:
        // a refit to a new list or a resize of the box is no reason to offer a new search.
        if (event.originalEvent) setMoved(true);
        setStatus(LOADING);
        clearTimeout(timer);
        timer = setTimeout(() => refresh.current(), REFRESH_DELAY_MS);
      });
    })();
    return () => {
      cancelled = true;
      clearTimeout(timer);
      request?.abort();
      visible?.cancel();
      map.current?.remove();
      map.current = null;
    };
  }, [styleUrl]);

  // A new list (filters, Near me, "Search this area"): the map goes to its place, or shows it where it is.
  const { near, radiusKm } = filtersOf(search);
  const placeKey = near ? `${near.latitude},${near.longitude},${radiusKm}` : "";
  const lastPlace = useRef(placeKey);
  useEffect(() => {
    const instance = map.current;
    const placeChanged = placeKey !== lastPlace.current;
    lastPlace.current = placeKey;
    setSelected(null);
    if (!instance) return;
    setMoved(false);
    const box = placeChanged ? initialBox(search, []) : null;
    if (box) {
      instance.fitBounds(lngLatBounds(box), { padding: 40, maxZoom: FIT_MAX_ZOOM, animate: false });
    } else {
      setStatus(LOADING);
      refresh.current();
    }
  }, [search, placeKey]);

  useEffect(() => {
    if (selected) cardLink.current?.focus();
  }, [selected]);

  const closeCard = () => {
    setSelected(null);
    const back = openedFrom.current;
    (back?.isConnected ? back : container.current?.querySelector<HTMLElement>(".maplibregl-canvas"))?.focus();
  };
  const onCardKey = (event: KeyboardEvent) => {
    if (event.key === "Escape") closeCard();
  };

  const searchThisArea = () => {
    const instance = map.current;
    if (!instance) return;
    const bounds = instance.getBounds();
    const center = instance.getCenter();
    const area = searchArea(viewBox(bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()), { latitude: center.lat, longitude: center.lng });
    const { sort } = filtersOf(search);
    navigate(`${pathname}${withFilters(search, { near: area.near, radiusKm: area.radiusKm, sort: sort ?? "distance" })}`, { preventScrollReset: true });
  };

  if (failed) {
    return <div className="flex h-[70vh] items-center justify-center rounded-xl bg-slate-100 p-4 text-center text-slate-600 dark:bg-slate-800 dark:text-slate-300 xl:h-[calc(100vh-6rem)]">Map unavailable</div>;
  }
  return (
    <section aria-label="Map of the results" className="flex flex-col gap-2">
      <div className="relative h-[70vh] min-h-80 overflow-hidden rounded-xl border border-slate-200 bg-slate-100 dark:border-slate-700 dark:bg-slate-800 xl:h-[calc(100vh-8rem)]">
        <div ref={container} data-testid="results-map" className="h-full w-full">
          <noscript>
            <p className="flex h-full items-center justify-center p-4 text-center text-slate-600 dark:text-slate-300">The map needs JavaScript.</p>
          </noscript>
        </div>
        {moved ? (
          <button
            type="button"
            onClick={searchThisArea}
            className="absolute top-3 left-1/2 z-10 -translate-x-1/2 rounded-full bg-white px-4 py-2 text-sm font-semibold text-brand-700 shadow-md hover:bg-brand-50 dark:bg-slate-900 dark:text-sky-300 dark:hover:bg-slate-800"
          >
            Search this area
          </button>
        ) : null}
        {selected ? (
          <div
            data-testid="map-card"
            onKeyDown={onCardKey}
            className="absolute inset-x-3 bottom-8 z-10 flex items-start justify-between gap-3 rounded-lg border border-slate-200 bg-white p-3 shadow-lg dark:border-slate-700 dark:bg-slate-900"
          >
            <div className="min-w-0">
              <h3 dir="auto" className="truncate font-semibold">
                <Link ref={cardLink} to={`/business/${encodeURIComponent(selected.slug)}`} className="text-brand-700 hover:underline dark:text-sky-300">
                  {selected.name}
                </Link>
              </h3>
              {formatRating(selected.rating) ? (
                <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
                  <span aria-hidden="true" className="text-amber-500">★</span> {formatRating(selected.rating)}
                </p>
              ) : null}
            </div>
            <button
              type="button"
              onClick={closeCard}
              aria-label={`Close the card of ${selected.name}`}
              className="shrink-0 rounded p-1 text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
            >
              <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
                <path d="M6 6l12 12M18 6L6 18" />
              </svg>
            </button>
          </div>
        ) : null}
      </div>
      <p role="status" data-testid="results-map-status" className="text-sm text-slate-600 dark:text-slate-300">
        {status}
      </p>
    </section>
  );
}

/** A marker's element: a button, so the keyboard reaches it and a screen reader names it. */
function markerElement(feature: MapFeature): HTMLButtonElement {
  const element = document.createElement("button");
  element.type = "button";
  if (feature.kind === "cluster") {
    const size = feature.count < 10 ? "h-8 w-8" : feature.count < 100 ? "h-10 w-10" : feature.count < 1000 ? "h-12 w-12" : "h-14 w-14";
    element.className = `results-map-cluster ${size} flex items-center justify-center rounded-full border-2 border-white bg-brand-700 text-xs font-bold text-white shadow-md hover:bg-brand-900`;
    element.textContent = feature.count >= 1000 ? `${Math.floor(feature.count / 1000)}k` : String(feature.count);
    element.setAttribute("aria-label", `${formatNumber(feature.count)} businesses here: zoom in`);
  } else {
    const rating = formatRating(feature.rating);
    element.className = "results-map-pin h-8 w-6 text-brand-700 drop-shadow hover:text-brand-900";
    element.innerHTML =
      '<svg aria-hidden="true" viewBox="0 0 24 32" width="24" height="32"><path fill="currentColor" stroke="#fff" stroke-width="2" d="M12 1C6 1 1 5.6 1 11.6 1 19.5 12 31 12 31s11-11.5 11-19.4C23 5.6 18 1 12 1z"/><circle cx="12" cy="11.5" r="4" fill="#fff"/></svg>';
    element.setAttribute("aria-label", rating ? `${feature.name}, rated ${rating}` : feature.name);
  }
  return element;
}
