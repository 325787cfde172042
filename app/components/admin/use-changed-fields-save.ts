import { useRef, useState } from "react";
import { changedFields } from "~/lib/admin/changed-fields";

/**
 * An edit screen's fields and their save: only the fields changed since the screen loaded are
 * sent (another session may have saved the others meanwhile), and the screen then shows the
 * server's values, except a field typed into while the save was on its way. `send` posts the
 * changed fields and answers what the server stores; its error reaches the caller. `save`
 * answers false, sending nothing, while a save is on its way (a second press or a double click,
 * even within one render).
 */
export function useChangedFieldsSave<T extends Record<string, string>>(saved: T, send: (changed: Partial<T>) => Promise<T>) {
  const [values, setValues] = useState<T>(saved);
  const [serverValues, setServerValues] = useState<T>(saved);
  const [saving, setSaving] = useState(false);
  const sending = useRef(false);

  async function save(): Promise<boolean> {
    if (sending.current) return false;
    sending.current = true;
    setSaving(true);
    try {
      const stored = await send(changedFields(serverValues, values));
      setServerValues(stored);
      setValues((current) => ({ ...stored, ...changedFields(values, current) }));
      return true;
    } finally {
      sending.current = false;
      setSaving(false);
    }
  }

  return { values, setValues, serverValues, saving, save };
}
