// The client picker of the project forms (Create Project and Use Template).
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { UI_TEXTS } from '@/web/components/ui/texts';

type ClientSelectProps = {
  value: string;
  onChange: (client: { id: string; name: string }) => void;
  onBlur?: () => void;
  /** Undefined while the clients load. */
  clients: { id: string; name: string }[] | undefined;
};

export function ClientSelect({ value, onChange, onBlur, clients }: ClientSelectProps) {
  const loading = clients === undefined;
  return (
    <Select
      value={value}
      onValueChange={(id) => {
        const client = clients?.find((c) => c.id === id);
        if (client) onChange(client);
      }}
      disabled={loading}
    >
      <SelectTrigger onBlur={onBlur} aria-label={UI_TEXTS.clientSelect.label}>
        <SelectValue placeholder={loading ? UI_TEXTS.clientSelect.loading : UI_TEXTS.clientSelect.placeholder} />
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
