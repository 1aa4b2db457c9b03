// The real select behind lazy-select.tsx, loaded when it is first opened or on intent.
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from './select';
import type { LazySelectProps } from './lazy-select';

export function OpenedSelect({ value, onValueChange, options, className, defaultOpen, ...trigger }: LazySelectProps & { defaultOpen: boolean }) {
  return (
    <Select value={value} onValueChange={onValueChange} defaultOpen={defaultOpen}>
      <SelectTrigger className={className} {...trigger}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {options.map((option) => (
          <SelectItem key={option.value} value={option.value}>
            {option.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
