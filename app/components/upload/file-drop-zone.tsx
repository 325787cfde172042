import { useEffect, useRef, useState, type ReactNode } from "react";

function carriesFiles(event: DragEvent): boolean {
  return Array.from(event.dataTransfer?.types ?? []).includes("Files");
}

/**
 * The upload screen's drop zone: files dragged anywhere onto the page are taken (as if chosen
 * with the picker inside it), and the zone lights up while they are held over the page. While
 * `disabled` a drop is refused, as the picker is, rather than opened by the browser.
 */
export function FileDropZone({ disabled, onFiles, children }: { disabled: boolean; onFiles: (files: FileList) => void; children: ReactNode }) {
  const [dragging, setDragging] = useState(false);
  // dragenter/dragleave fire for every element crossed: a count tells when the files left the page.
  const depth = useRef(0);
  const latest = useRef({ disabled, onFiles });
  latest.current = { disabled, onFiles };

  useEffect(() => {
    const enter = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      depth.current++;
      setDragging(true);
    };
    const leave = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      depth.current = Math.max(0, depth.current - 1);
      if (depth.current === 0) setDragging(false);
    };
    const over = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = latest.current.disabled ? "none" : "copy";
    };
    const drop = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      depth.current = 0;
      setDragging(false);
      const files = event.dataTransfer?.files;
      if (!latest.current.disabled && files && files.length > 0) latest.current.onFiles(files);
    };
    window.addEventListener("dragenter", enter);
    window.addEventListener("dragleave", leave);
    window.addEventListener("dragover", over);
    window.addEventListener("drop", drop);
    return () => {
      window.removeEventListener("dragenter", enter);
      window.removeEventListener("dragleave", leave);
      window.removeEventListener("dragover", over);
      window.removeEventListener("drop", drop);
    };
  }, []);

  const highlighted = dragging && !disabled;
  return (
    <div
      data-testid="drop-zone"
      className={`rounded-xl border-2 border-dashed px-4 py-6 text-center transition-colors ${
        highlighted
          ? "border-blue-600 bg-blue-50 dark:border-blue-400 dark:bg-blue-950/40"
          : "border-slate-300 bg-slate-50 dark:border-slate-600 dark:bg-slate-900/40"
      }`}
    >
      <p className="text-sm font-medium text-slate-800 dark:text-slate-100">
        {disabled ? "Yükleme sürüyor; bittiğinde yeni dosya ekleyebilirsiniz." : highlighted ? "Dosyaları bırakın" : "Dosyaları bu sayfaya sürükleyip bırakın"}
      </p>
      <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">ya da bilgisayarınızdan seçin (birden fazla dosya seçilebilir)</p>
      <div className="mt-3 flex justify-center">{children}</div>
    </div>
  );
}
