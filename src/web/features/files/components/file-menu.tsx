// A file's '…' menu on the project page (issue 33): Upload new version (staff for any file,
// developers for their own), Version history, and for staff the client approval request. Loaded
// with the project page's files only, never on a share link's first download (decision 013).
import { MoreHorizontal } from 'lucide-react';
import { useRef, useState } from 'react';
import { FILE_MESSAGES } from '@/domain/file-rules';
import type { ProjectFile } from '@/domain/files';
import { Button } from '@/web/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/web/components/ui/dropdown-menu';
import { useT } from '@/web/lib/i18n';
import { notifyError, notifySuccess } from '@/web/lib/notify';
import type { ProjectSource } from '@/web/lib/project-source';
import { useUploadVersion } from '../api';
import { FILE_EXTRAS_TEXTS } from '../extras-texts';
import { RequestApprovalDialog, VersionsDialog } from './file-extras';
import { ACCEPT, UploadProgress } from './file-parts';

type FileMenuProps = { file: ProjectFile; source: ProjectSource; canRequestApproval: boolean };

export function FileMenu({ file, source, canRequestApproval }: FileMenuProps) {
  const t = useT('files', 'domain-shared');
  const [history, setHistory] = useState(false);
  const [requesting, setRequesting] = useState(false);
  const [progress, setProgress] = useState(0);
  const uploadVersion = useUploadVersion(source, file.id, setProgress);
  const input = useRef<HTMLInputElement>(null);
  const onChoose = (chosen: File | undefined) => {
    if (!chosen) return;
    setProgress(0);
    uploadVersion.mutate(chosen, {
      onSuccess: (updated) => notifySuccess(t(FILE_EXTRAS_TEXTS.newVersionUploaded, { version: updated.version })),
      onError: (error) => notifyError(error, t(FILE_MESSAGES.uploadFailedTitle)),
      onSettled: () => {
        if (input.current) input.current.value = '';
      },
    });
  };
  return (
    <>
      {uploadVersion.isPending ? (
        <div className="w-24">
          <UploadProgress percent={progress} />
        </div>
      ) : null}
      <input ref={input} type="file" accept={ACCEPT} className="sr-only" aria-label={t(FILE_EXTRAS_TEXTS.uploadNewVersion)} tabIndex={-1} onChange={(e) => onChoose(e.target.files?.[0])} />
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" aria-label={t(FILE_EXTRAS_TEXTS.fileActions, { name: file.fileName })} loading={uploadVersion.isPending}>
            <MoreHorizontal aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          {file.canDelete ? <DropdownMenuItem onSelect={() => input.current?.click()}>{t(FILE_EXTRAS_TEXTS.uploadNewVersion)}</DropdownMenuItem> : null}
          <DropdownMenuItem onSelect={() => setHistory(true)}>{t(FILE_EXTRAS_TEXTS.versionHistory)}</DropdownMenuItem>
          {canRequestApproval ? <DropdownMenuItem onSelect={() => setRequesting(true)}>{t(file.approval ? FILE_EXTRAS_TEXTS.changeApproval : FILE_EXTRAS_TEXTS.requestApproval)}</DropdownMenuItem> : null}
        </DropdownMenuContent>
      </DropdownMenu>
      {history ? <VersionsDialog source={source} file={file} open={history} onOpenChange={setHistory} /> : null}
      {requesting ? <RequestApprovalDialog source={source} file={file} open={requesting} onOpenChange={setRequesting} /> : null}
    </>
  );
}
