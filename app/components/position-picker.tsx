import { useEffect, useRef } from "react";
import { loadMaplibre, useMapStyleUrl } from "./map-loading";

/**
 * A map to set a listing's position by clicking (no geocoder is reachable offline): the marker
 * follows the click and the typed coordinates, and `onPick` gets the point clicked.
 */
export function PositionPicker({ latitude, longitude, onPick }: { latitude: number | null; longitude: number | null; onPick: (latitude: number, longitude: number) => void }) {
  const styleUrl = useMapStyleUrl();
  const container = useRef<HTMLDivElement>(null);
  const marker = useRef<{ setLngLat(point: [number, number]): unknown } | null>(null);
  const pick = useRef(onPick);
  pick.current = onPick;
  const start = useRef({ latitude, longitude });

  useEffect(() => {
    let map: { remove(): void } | null = null;
    let cancelled = false;
    void (async () => {
      const maplibre = await loadMaplibre(() => cancelled);
      if (!maplibre || cancelled || !container.current) return;
      const { latitude: lat, longitude: lng } = start.current;
      const known = lat !== null && lng !== null;
      const instance = new maplibre.Map({ container: container.current, style: styleUrl, center: known ? [lng, lat] : [10, 30], zoom: known ? 10 : 1, attributionControl: { compact: true }, locale: { "Map.Title": "Map: click where the business is" } });
      const pin = new maplibre.Marker({ color: "#1e40af" }).setLngLat(known ? [lng, lat] : [10, 30]);
      if (known) pin.addTo(instance);
      instance.on("click", (event: { lngLat: { lat: number; lng: number } }) => {
        const point: [number, number] = [Number(event.lngLat.lng.toFixed(6)), Number(event.lngLat.lat.toFixed(6))];
        pin.setLngLat(point).addTo(instance);
        pick.current(point[1], point[0]);
      });
      marker.current = pin;
      map = instance;
    })().catch((error) => console.error("map failed to load", error));
    return () => {
      cancelled = true;
      map?.remove();
    };
  }, [styleUrl]);

  useEffect(() => {
    if (latitude !== null && longitude !== null && Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180) marker.current?.setLngLat([longitude, latitude]);
  }, [latitude, longitude]);

  return <div ref={container} data-testid="position-picker" className="h-72 w-full overflow-hidden rounded-lg border border-slate-300 dark:border-slate-600" />;
}
