import { useState } from "react";
import { useToast } from "~/components/toast";
import { apiRequest, plainErrorMessage } from "~/lib/admin/api-client";
import { BusyButton, buttonClass, Card } from "./ui";

/**
 * Site Ayarları's guest review switch: reviews without flags publish at once, or every review
 * waits for a moderator (the default). Saved on its own, never among the page codes.
 */
export function ReviewSettingsCard({ publishUnflagged }: { publishUnflagged: boolean }) {
  const toast = useToast();
  const [saved, setSaved] = useState(publishUnflagged);
  const [checked, setChecked] = useState(publishUnflagged);
  const [saving, setSaving] = useState(false);

  async function save() {
    setSaving(true);
    try {
      const answer = await apiRequest<{ publishUnflagged: boolean }>("POST", "/api/admin/review-settings", { publishUnflagged: checked });
      setSaved(answer.publishUnflagged);
      setChecked(answer.publishUnflagged);
      toast({ title: "Ayarlar kaydedildi" });
    } catch (error) {
      toast({ title: "Kayıt hatası", description: plainErrorMessage(error), variant: "destructive" });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card title="Misafir yorumları">
      <label className="flex items-start gap-2 text-sm">
        <input type="checkbox" className="mt-0.5 h-4 w-4" checked={checked} onChange={(event) => setChecked(event.target.checked)} aria-describedby="review-publishing-help" data-testid="reviews-publish-unflagged" />
        <span className="font-medium">Bayrak taşımayan yorumlar hemen yayınlansın</span>
      </label>
      <p id="review-publishing-help" className="mt-2 text-xs text-slate-500 dark:text-slate-400">
        Kapalıyken her yorum moderatör onayını bekler. Açıkken iletişim bilgisi, başka işletmede aynı metin, kısa sürede çok yorum veya işletmenin kendi alan adı gibi bir bayrak taşımayan yorumlar hemen yayınlanır; bayraklı olanlar yine bekler.
      </p>
      <div className="mt-4 flex justify-end">
        <BusyButton className={buttonClass.primary} onClick={save} busy={saving} disabled={checked === saved}>
          {saving ? "Güncelleniyor..." : "Yorum ayarını güncelle"}
        </BusyButton>
      </div>
    </Card>
  );
}
