// Clients (spec 2 "Clients tab", 5 "Create client" / "Edit client", 8).
import { z } from 'zod';
import { optionalText, text } from './text-fields';

/**
 * Issue 48 (decision 045): texts of the catalogs' `domain` part. A schema carries a text's id as
 * its message; the server answers it in the caller's language, the web app's forms show it in
 * the language on screen.
 */
export const CLIENT_MESSAGES = {
  nameTooShort: /*i18n*/ { id: 'domain.clients.nameTooShort', message: 'Client name must be at least 2 characters.' },
  nameRequired: /*i18n*/ { id: 'domain.clients.nameRequired', message: 'Client name is required' },
  emailInvalid: /*i18n*/ { id: 'domain.clients.emailInvalid', message: 'Valid email is required' },
  websiteInvalid: /*i18n*/ { id: 'domain.clients.websiteInvalid', message: 'Website must be a valid URL' },
  created: /*i18n*/ { id: 'domain.clients.created', message: 'Client created successfully!' },
  updated: /*i18n*/ { id: 'domain.clients.updated', message: 'Client updated successfully!' },
  noClients: /*i18n*/ { id: 'domain.clients.noClients', message: 'No clients yet.' },
  noClientsHelp: /*i18n*/ { id: 'domain.clients.noClientsHelp', message: 'Clients hold the contacts, website and notes of the companies you work for; every project belongs to one.' },
  addFirst: /*i18n*/ { id: 'domain.clients.addFirst', message: 'Add your first client' },
  noMatches: /*i18n*/ { id: 'domain.clients.noMatches', message: 'No clients found matching your search.' },
  noDescription: /*i18n*/ { id: 'domain.clients.noDescription', message: 'No description provided' },
} as const;

/** The card links the website with https:// added when the scheme is missing. */
export function websiteHref(website: string): string {
  return /^https?:\/\//i.test(website) ? website : `https://${website}`;
}

export function isWebsite(value: string): boolean {
  const href = websiteHref(value);
  if (!URL.canParse(href)) return false;
  const url = new URL(href);
  return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.') && !/\s/.test(value);
}

const contactEmail = optionalText(320).refine((v) => v === null || z.email().safeParse(v).success, {
  message: CLIENT_MESSAGES.emailInvalid.id,
});
const website = optionalText(2048).refine((v) => v === null || isWebsite(v), { message: CLIENT_MESSAGES.websiteInvalid.id });

const clientFields = {
  description: optionalText(5000),
  contactName: optionalText(200),
  contactEmail,
  contactPhone: optionalText(50),
  website,
};

export const createClientSchema = z.object({
  name: text({ message: CLIENT_MESSAGES.nameTooShort.id }).trim().min(2, CLIENT_MESSAGES.nameTooShort.id).max(200),
  ...clientFields,
});

export const updateClientSchema = z.object({
  name: text({ message: CLIENT_MESSAGES.nameRequired.id }).trim().min(1, CLIENT_MESSAGES.nameRequired.id).max(200),
  ...clientFields,
});

export type CreateClientInput = z.input<typeof createClientSchema>;
export type UpdateClientInput = z.input<typeof updateClientSchema>;

/** A client as the API returns it. ownerName is present only for admins (spec 2). */
export const clientSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  contactName: z.string().nullable(),
  contactEmail: z.string().nullable(),
  contactPhone: z.string().nullable(),
  website: z.string().nullable(),
  ownerName: z.string().nullable(),
  createdAt: z.string(),
});
export type Client = z.infer<typeof clientSchema>;

export const CLIENT_PAGE_SIZE = 48;
export const listClientsQuerySchema = z.object({
  search: text().trim().max(200).optional().default(''),
  cursor: text().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional().default(CLIENT_PAGE_SIZE),
});
export const clientPageSchema = z.object({
  items: z.array(clientSchema),
  nextCursor: z.string().nullable(),
  total: z.number().int(),
});

/** For the client select of the Create Project dialog: names only, ordered by name. */
export const clientOptionSchema = z.object({ id: z.string(), name: z.string() });

/**
 * The select needs every client, so it reads every page (issue 36: no silent cap); names are
 * small, so a page is larger than a list's and 1,000 clients take two requests.
 */
export const CLIENT_OPTIONS_PAGE_SIZE = 500;
export const clientOptionsQuerySchema = z.object({
  search: text().trim().max(200).optional().default(''),
  /** Opaque; holds a client name of up to 200 characters, so longer than a list's. */
  cursor: text().max(1200).optional(),
  limit: z.coerce.number().int().min(1).max(CLIENT_OPTIONS_PAGE_SIZE).optional().default(CLIENT_OPTIONS_PAGE_SIZE),
});
export const clientOptionPageSchema = z.object({ items: z.array(clientOptionSchema), nextCursor: z.string().nullable() });
