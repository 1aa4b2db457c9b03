// The client picker of the project forms (Create Project and Use Template).
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { UI_TEXTS } from '@/web/components/ui/texts';
import { useT } from '@/web/lib/i18n';

type ClientSelectProps = {
  value: string;
  onChange: (client: { id: string; name: string }) => void;
  onBlur?: () => void;
  /** Undefined while the clients load, or when they failed to (`failed`). */
  clients: { id: string; name: string }[] | undefined;
  /** The clients failed to load: the form says so with Retry; the picker no longer says Loading. */
  failed?: boolean;
};

export function ClientSelect({ value, onChange, onBlur, clients, failed = false }: ClientSelectProps) {
  const t = useT();
  const loading = clients === undefined && !failed;
  return (
    <Select
      value={value}
      onValueChange={(id) => {
        const client = clients?.find((c) => c.id === id);
        if (client) onChange(client);
      }}
      disabled={clients === undefined}
    >
      <SelectTrigger onBlur={onBlur} aria-label={t(UI_TEXTS.clientSelect.label)}>
        <SelectValue placeholder={t(loading ? UI_TEXTS.clientSelect.loading : UI_TEXTS.clientSelect.placeholder)} />
      </SelectTrigger>
      <SelectContent>
        {(clients ?? []).map((client) => (
          <SelectItem key={client.id} value={client.id}>
            {client.name}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
