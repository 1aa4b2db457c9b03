// The in-page PDF viewer (issue 33): PDF.js, downloaded only when a PDF preview is opened. It
// draws pages on a canvas and nothing else: no annotation or form layer, no scripting (PDF.js runs
// a document's JavaScript only through its viewer's scripting sandbox, which this never loads),
// and isEvalSupported off so fonts are never compiled with eval.
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/web/components/ui/button';
import { useT } from '@/web/lib/i18n';
import { FILE_EXTRAS_TEXTS } from '../extras-texts';

type PdfDocument = { numPages: number; getPage: (n: number) => Promise<PdfPage>; destroy: () => Promise<void> };
type PdfPage = {
  getViewport: (o: { scale: number }) => { width: number; height: number };
  render: (o: { canvas: HTMLCanvasElement; canvasContext: CanvasRenderingContext2D; viewport: { width: number; height: number } }) => { promise: Promise<void>; cancel: () => void };
};

async function openPdf(url: string): Promise<PdfDocument> {
  const [pdfjs, worker] = await Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')]);
  pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
  const task = pdfjs.getDocument({ url, withCredentials: true, isEvalSupported: false, enableXfa: false, stopAtErrors: false });
  return (await task.promise) as unknown as PdfDocument;
}

export function PdfPages({ url, title }: { url: string; title: string }) {
  const t = useT('files');
  const canvas = useRef<HTMLCanvasElement>(null);
  const [doc, setDoc] = useState<PdfDocument | null>(null);
  const [page, setPage] = useState(1);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let current: PdfDocument | null = null;
    let cancelled = false;
    openPdf(url).then(
      (opened) => {
        if (cancelled) return void opened.destroy();
        current = opened;
        setDoc(opened);
      },
      () => !cancelled && setFailed(true),
    );
    return () => {
      cancelled = true;
      void current?.destroy();
    };
  }, [url]);

  useEffect(() => {
    if (!doc || !canvas.current) return;
    let task: { promise: Promise<void>; cancel: () => void } | null = null;
    let stopped = false;
    void doc.getPage(page).then((p) => {
      if (stopped || !canvas.current) return;
      const viewport = p.getViewport({ scale: 1.4 });
      const target = canvas.current;
      target.width = viewport.width;
      target.height = viewport.height;
      const context = target.getContext('2d');
      if (!context) return;
      task = p.render({ canvas: target, canvasContext: context, viewport });
      task.promise.catch(() => {});
    }, () => setFailed(true));
    return () => {
      stopped = true;
      task?.cancel();
    };
  }, [doc, page]);

  if (failed) return <p role="alert" className="text-sm text-destructive">{t(FILE_EXTRAS_TEXTS.previewFailed)}</p>;
  return (
    <div className="grid gap-3">
      {doc ? null : <p className="text-sm text-muted-foreground">{t(FILE_EXTRAS_TEXTS.loadingPreview)}</p>}
      <div className="max-h-[65vh] overflow-auto rounded border bg-muted">
        <canvas ref={canvas} role="img" aria-label={title} className="mx-auto max-w-full" />
      </div>
      {doc && doc.numPages > 1 ? (
        <div className="flex items-center justify-center gap-2">
          <Button variant="outline" size="sm" aria-label={t(FILE_EXTRAS_TEXTS.previousPage)} disabled={page <= 1} onClick={() => setPage((n) => n - 1)}>
            <ChevronLeft aria-hidden />
          </Button>
          <span className="text-sm">{t(FILE_EXTRAS_TEXTS.pdfPage, { page, pages: doc.numPages })}</span>
          <Button variant="outline" size="sm" aria-label={t(FILE_EXTRAS_TEXTS.nextPage)} disabled={page >= doc.numPages} onClick={() => setPage((n) => n + 1)}>
            <ChevronRight aria-hidden />
          </Button>
        </div>
      ) : null}
    </div>
  );
}
