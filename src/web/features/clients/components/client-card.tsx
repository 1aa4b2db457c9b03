import { Building2, Calendar, Globe, Mail, Pencil, Phone, UserRound } from 'lucide-react';
import { CLIENT_MESSAGES, websiteHref, type Client } from '@/domain/clients';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { formatDate } from '@/web/lib/format-date';
import { useT } from '@/web/lib/i18n';
import { CLIENTS_TEXTS } from '../texts';

export function ClientCard({ client, onEdit }: { client: Client; onEdit: () => void }) {
  const t = useT('clients', 'domain');
  return (
    <Card className="flex flex-col gap-4 p-5" data-testid="client-card">
      <div className="flex items-start gap-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-accent text-accent-foreground">
          <Building2 className="size-5" aria-hidden />
        </span>
        <div className="min-w-0">
          <h3 className="truncate font-semibold" title={client.name}>
            {client.name}
          </h3>
          <p className="line-clamp-2 text-sm text-muted-foreground">{client.description ?? t(CLIENT_MESSAGES.noDescription)}</p>
        </div>
      </div>
      <dl className="grid grid-cols-1 gap-1.5 text-sm">
        {client.contactName ? (
          <Detail icon={UserRound} label={t(CLIENTS_TEXTS.contact)}>
            {client.contactName}
          </Detail>
        ) : null}
        {client.contactEmail ? (
          <Detail icon={Mail} label={t(CLIENTS_TEXTS.email)}>
            <a className="text-primary hover:underline" href={`mailto:${client.contactEmail}`}>
              {client.contactEmail}
            </a>
          </Detail>
        ) : null}
        {client.contactPhone ? (
          <Detail icon={Phone} label={t(CLIENTS_TEXTS.phone)}>
            {client.contactPhone}
          </Detail>
        ) : null}
        {client.website ? (
          <Detail icon={Globe} label={t(CLIENTS_TEXTS.website)}>
            <a className="text-primary hover:underline" href={websiteHref(client.website)} target="_blank" rel="noopener noreferrer">
              {client.website}
            </a>
          </Detail>
        ) : null}
      </dl>
      <div className="mt-auto grid gap-3 border-t pt-3">
        <div className="grid gap-0.5 text-xs text-muted-foreground">
          {client.ownerName ? <span className="truncate">{t(CLIENTS_TEXTS.owner, { name: client.ownerName })}</span> : null}
          <span className="inline-flex items-center gap-1 whitespace-nowrap">
            <Calendar className="size-3 shrink-0" aria-hidden />
            {t(CLIENTS_TEXTS.created, { date: formatDate(client.createdAt) })}
          </span>
        </div>
        <Button variant="outline" size="sm" onClick={onEdit}>
          <Pencil aria-hidden />
          {t(CLIENTS_TEXTS.editClient)}
        </Button>
      </div>
    </Card>
  );
}

function Detail({ icon: Icon, label, children }: { icon: typeof Mail; label: string; children: React.ReactNode }) {
  return (
    <div className="flex min-w-0 items-center gap-2">
      <dt className="shrink-0 text-muted-foreground">
        <Icon className="size-4" aria-hidden />
        <span className="sr-only">{label}</span>
      </dt>
      <dd className="truncate">{children}</dd>
    </div>
  );
}
