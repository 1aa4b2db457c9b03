// What the files tab and its dialogs (file-dialogs.tsx, loaded when opened) both use.
import { ACCEPTED_EXTENSIONS } from '@/domain/file-rules';

/** Spec 2 words the same list differently on the project page and on the shared page. */
export const WORDING = {
  member: { title: 'Files & Links', open: 'Open Link', linkName: 'Name', linkUrl: 'URL' },
  shared: { title: 'Files & Resources', open: 'Visit', linkName: 'Link Title', linkUrl: 'Link URL' },
} as const;
export type Variant = keyof typeof WORDING;

export const ACCEPT = ACCEPTED_EXTENSIONS.map((ext) => `.${ext}`).join(',');

export function UploadProgress({ percent }: { percent: number }) {
  return (
    <div role="progressbar" aria-label="Upload progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} className="h-2 overflow-hidden rounded-full bg-muted">
      <div className="h-full bg-primary transition-all" style={{ width: `${percent}%` }} />
    </div>
  );
}
