// 'Export CSV' (issue 15): a plain download link to the list's export route with the list's
// current search and filters. The browser streams the file to disk with the session cookie; no
// JavaScript holds the rows.
import { Download } from 'lucide-react';
import { EXPORT_MESSAGES } from '@/domain/csv-export-rules';
import { Button } from '@/web/components/ui/button';
import { cn } from '@/web/lib/class-names';
import { useT } from '@/web/lib/i18n';

export function ExportCsvLink({ href, className }: { href: string; className?: string }) {
  // `domain`: the lists that export (Projects, Clients, Activity Logs, Reports) are the signed-in app's.
  const t = useT('domain');
  return (
    <Button asChild variant="outline" className={cn(className)}>
      <a href={href} download>
        <Download aria-hidden />
        {t(EXPORT_MESSAGES.button)}
      </a>
    </Button>
  );
}
