import { Link, useLocation, useNavigate } from "@remix-run/react";
import type { Map as MaplibreMap, Marker } from "maplibre-gl";
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { filtersOf, withFilters } from "~/lib/search/filter-links";
import { formatNumber, formatRating } from "~/lib/directory/format";
import type { BoundingBox } from "~/lib/map/geo-cell";
import {
  FIT_FIRST_ZOOM,
  FIT_MAX_ROUNDS,
  FIT_MAX_ZOOM,
  RESULTS_MAP_MAX_ZOOM,
  WORLD_BOX,
  clusterClickZoom,
  clusterPins,
  fitStep,
  initialBox,
  mapQuestion,
  mapStatus,
  radiusBox,
  readMapAnswer,
  searchArea,
  shouldWiden,
  viewAround,
  viewBox,
  viewQuery,
  widestSpan,
  type MapAnswer,
  type MapBusiness,
  type MapFeature,
} from "~/lib/map/results-map";
import { loadMaplibre, nearViewport, useMapStyleUrl } from "./map-loading";
import { useHydrated } from "./use-hydrated";

/** A point of the listed results (cards carry coordinates when the list has them). */
export interface ResultPoint {
  latitude?: number | null;
  longitude?: number | null;
}

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

/** Room left round a fitted answer, so no outer pin is cut: more above, where a pin rises from its point. */
const FIT_PADDING = { top: 72, right: 48, bottom: 48, left: 48 };
/** A cluster made in the browser zooms to its businesses, at most this many levels at a click. */
const CLUSTER_FIT_LEVELS = 4;
/** Steps out after a fit whose view shows fewer than the answer it was fitted to (clusters' means). */
const MAX_WIDENINGS = 2;

/** One /api/map answer for a question in a view. */
async function askMap(question: string, box: BoundingBox, zoom: number, signal: AbortSignal): Promise<MapAnswer> {
  const response = await fetch(`/api/map?${viewQuery(question, box, zoom)}`, { signal, headers: { Accept: "application/geo+json, application/json" } });
  if (!response.ok) throw new Error(`/api/map answered ${response.status}`);
  return readMapAnswer(await response.json());
}

/** Where a question's businesses are: a box to fit and the answer it came from. */
interface Located {
  box: BoundingBox;
  /** Null when the list's own radius gave the box. */
  answer: MapAnswer | null;
}

/**
 * Finds where the question's businesses are: the list's radius when it is near a place, else
 * the question asked over the whole world, closer around a lone cluster until it splits. Null
 * when nothing matches anywhere.
 */
async function locate(search: string, question: string, size: () => { width: number; height: number }, signal: AbortSignal): Promise<Located | null> {
  const radius = radiusBox(search);
  if (radius) return { box: radius, answer: null };
  let box = WORLD_BOX;
  let zoom = FIT_FIRST_ZOOM;
  for (let round = 1; ; round++) {
    const answer = await askMap(question, box, zoom, signal);
    const { width, height } = size();
    const step = fitStep(answer.features, zoom, widestSpan(width - FIT_PADDING.left - FIT_PADDING.right, height));
    if (step.kind === "none") return null;
    if (step.kind === "fit") return { box: step.box, answer };
    if (round >= FIT_MAX_ROUNDS) return { box: { west: step.center.longitude, south: step.center.latitude, east: step.center.longitude, north: step.center.latitude }, answer };
    box = viewAround(step.center, step.zoom, width, height);
    zoom = step.zoom;
  }
}

/**
 * The current result set on a map, from /api/map for the view and the list's question (its
 * search text, location, filters and `scope`). It opens fitted to the question's businesses and
 * fits again whenever the list's question changes, never after the visitor's own moves. Nearby
 * businesses merge into counted bubbles that split as it zooms (a click zooms in), single
 * businesses are pins whose click opens a card, and "Search this area" is offered once the
 * visitor has moved the map.
 */
function ResultsMap({ points, scope }: { points: readonly ResultPoint[]; scope: readonly [string, string][] }) {
  const styleUrl = useMapStyleUrl();
  const { pathname, search } = useLocation();
  const question = mapQuestion(search, scope);
  const navigate = useNavigate();
  const container = useRef<HTMLDivElement>(null);
  const cardLink = useRef<HTMLAnchorElement>(null);
  const map = useRef<MaplibreMap | null>(null);
  // The drawn map's own routine for a new question: no-op until it is drawn.
  const refit = useRef<() => void>(() => {});
  // Read by the map's event handlers, which outlive a render.
  const current = useRef({ search, points, question });
  current.current = { search, points, question };
  const openedFrom = useRef<HTMLElement | null>(null);
  const [failed, setFailed] = useState(false);
  const [moved, setMoved] = useState(false);
  const [selected, setSelected] = useState<MapBusiness | null>(null);
  const [status, setStatus] = useState("");

  useEffect(() => {
    let cancelled = false;
    let markers: Marker[] = [];
    let request: AbortController | null = null;
    // Set while the map looks for a question's businesses: the view is not asked for meanwhile.
    let fitting: AbortController | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The answer the view was last fitted to, until the fitted view's own answer is compared with it.
    let fittedTo: MapAnswer | null = null;
    let widenings = 0;
    // A fit found while the map was hidden (a phone showing the list), made when it is shown.
    let pendingFit: BoundingBox | null = null;
    // The visitor moved the map since the current question was asked: its fit is not forced on them.
    let visitorMoved = false;
    const size = () => ({ width: container.current?.clientWidth ?? 0, height: container.current?.clientHeight ?? 0 });
    const shown = () => size().width > 0 && size().height > 0;
    const visible = container.current ? nearViewport(container.current) : null;
    void (async () => {
      await visible?.ready;
      if (cancelled) return;
      // The question the map was last fitted to.
      let fittedQuestion = current.current.question;
      fitting = new AbortController();
      // Asked while maplibre loads: the map is then made where the answer is.
      const located = locate(current.current.search, fittedQuestion, () => ({ width: size().width || 600, height: size().height || 400 }), fitting.signal).catch(
        (error: unknown) => {
          if (!cancelled) console.error("map results failed to load", error);
          return undefined;
        },
      );
      let maplibre;
      try {
        maplibre = await loadMaplibre(() => cancelled);
      } catch (error) {
        console.error("map failed to load", error);
        setFailed(true);
        return;
      }
      const place = await located;
      fitting = null;
      if (!maplibre || cancelled || !container.current) return;
      // Nothing matching anywhere shows the world; a failed request, the listed businesses.
      const box = place ? place.box : place === undefined ? initialBox(current.current.search, current.current.points) : null;
      fittedTo = place?.answer ?? null;
      const instance = new maplibre.Map({
        container: container.current,
        style: styleUrl,
        ...(box ? { bounds: lngLatBounds(box), fitBoundsOptions: { padding: FIT_PADDING, maxZoom: FIT_MAX_ZOOM } } : { center: [0, 20] as [number, number], zoom: 1 }),
        maxZoom: RESULTS_MAP_MAX_ZOOM,
        attributionControl: { compact: true },
        locale: { "Map.Title": "Map of the results. Arrow keys move it, plus and minus zoom." },
      });
      instance.addControl(new maplibre.NavigationControl({ showCompass: false }), "top-right");
      map.current = instance;

      const fitTo = (target: BoundingBox) => {
        if (!shown()) {
          pendingFit = target;
          return;
        }
        pendingFit = null;
        instance.fitBounds(lngLatBounds(target), { padding: FIT_PADDING, maxZoom: FIT_MAX_ZOOM, animate: false });
      };
      const visitorMove = () => {
        visitorMoved = true;
        fittedTo = null;
        pendingFit = null;
        setMoved(true);
      };
      const zoomInto = (cluster: Extract<MapFeature, { kind: "cluster" }>) => {
        visitorMove();
        const { box: members } = cluster;
        const zoom = instance.getZoom();
        if (members && (members.east > members.west || members.north > members.south)) {
          instance.fitBounds(lngLatBounds(members), { padding: FIT_PADDING, maxZoom: Math.min(RESULTS_MAP_MAX_ZOOM, Math.floor(zoom) + CLUSTER_FIT_LEVELS) });
        } else {
          instance.easeTo({ center: [cluster.longitude, cluster.latitude], zoom: clusterClickZoom(zoom) });
        }
      };
      const draw = (features: MapFeature[]) => {
        for (const marker of markers) marker.remove();
        markers = clusterPins(features, instance.getZoom()).map((feature) => {
          const element = markerElement(feature);
          element.addEventListener("click", (event) => {
            event.stopPropagation();
            if (feature.kind === "cluster") zoomInto(feature);
            else {
              openedFrom.current = element;
              setSelected(feature);
            }
          });
          return new maplibre.Marker({ element, anchor: feature.kind === "cluster" ? "center" : "bottom" })
            .setLngLat([feature.longitude, feature.latitude])
            .addTo(instance);
        });
      };
      const refresh = () => {
        // A hidden map has no view to ask for; showing it resizes it, which asks again.
        if (fitting || !shown()) return;
        request?.abort();
        const controller = new AbortController();
        request = controller;
        const bounds = instance.getBounds();
        const view = viewBox(bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth());
        askMap(current.current.question, view, instance.getZoom(), controller.signal)
          .then((answer) => {
            if (controller.signal.aborted) return;
            draw(answer.features);
            setStatus(mapStatus(answer));
            const fitted = fittedTo;
            fittedTo = null;
            if (shouldWiden(fitted, answer, view) && widenings < MAX_WIDENINGS) {
              widenings++;
              fittedTo = fitted;
              instance.setZoom(Math.max(instance.getMinZoom(), instance.getZoom() - 1));
            }
          })
          .catch((error: unknown) => {
            if (controller.signal.aborted) return;
            console.error("map results failed to load", error);
            setStatus("The businesses of this area could not be loaded. Move the map to try again.");
          });
      };
      const scheduleRefresh = () => {
        setStatus(LOADING);
        clearTimeout(timer);
        timer = setTimeout(refresh, REFRESH_DELAY_MS);
      };
      refit.current = () => {
        fitting?.abort();
        request?.abort();
        clearTimeout(timer);
        const controller = new AbortController();
        fitting = controller;
        visitorMoved = false;
        fittedTo = null;
        widenings = 0;
        setStatus(LOADING);
        const { search: list, question: asked } = current.current;
        fittedQuestion = asked;
        locate(list, asked, () => ({ width: size().width || 600, height: size().height || 400 }), controller.signal)
          .then((found) => {
            if (controller.signal.aborted) return;
            fitting = null;
            // Nothing matching anywhere: the view stays and says so.
            if (found && !visitorMoved) {
              fittedTo = found.answer;
              fitTo(found.box);
            }
            scheduleRefresh();
          })
          .catch((error: unknown) => {
            if (controller.signal.aborted) return;
            fitting = null;
            console.error("map results failed to load", error);
            scheduleRefresh();
          });
      };
      instance.on("load", () => {
        // The list may have asked anew while the map was being made.
        if (current.current.question !== fittedQuestion) refit.current();
        else scheduleRefresh();
      });
      instance.on("moveend", (event) => {
        // Only the visitor's own moves (drag, wheel, keys, the zoom buttons) carry their event:
        // a refit to a new list or a resize of the box is no reason to offer a new search.
        if (event.originalEvent) visitorMove();
        if (pendingFit && shown()) fitTo(pendingFit);
        scheduleRefresh();
      });
    })();
    return () => {
      cancelled = true;
      clearTimeout(timer);
      request?.abort();
      fitting?.abort();
      visible?.cancel();
      refit.current = () => {};
      map.current?.remove();
      map.current = null;
    };
  }, [styleUrl]);

  // A new question (words, place, filters, Near me, "Search this area"): the map fits its answer.
  // A new sort or page asks nothing new of the map, which stays where it is.
  const asked = useRef(question);
  useEffect(() => {
    if (asked.current === question) return;
    asked.current = question;
    setSelected(null);
    setMoved(false);
    refit.current();
  }, [question]);

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
