// What the files tab and its dialogs (file-dialogs.tsx, loaded when opened) both use.
import { ACCEPTED_EXTENSIONS } from '@/domain/file-rules';
import { useT } from '@/web/lib/i18n';
import { FILES_TEXTS } from '../texts';

/** The project page's list ('member') or the shared page's. */
export type Variant = keyof typeof FILES_TEXTS.wording;

export const ACCEPT = ACCEPTED_EXTENSIONS.map((ext) => `.${ext}`).join(',');

export function UploadProgress({ percent }: { percent: number }) {
  const t = useT('files');
  return (
    <div role="progressbar" aria-label={t(FILES_TEXTS.uploadProgress)} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} className="h-2 overflow-hidden rounded-full bg-muted">
      <div className="h-full bg-primary transition-all" style={{ width: `${percent}%` }} />
    </div>
  );
}
