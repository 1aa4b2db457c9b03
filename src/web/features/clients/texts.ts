// Labels of the clients feature (spec 2 "Clients tab"); the spec's messages (toasts, empty
// states, validation) are CLIENT_MESSAGES in src/domain/clients.ts. Message descriptors each
// component translates (issue 48, decisions 044 and 045): `t(CLIENTS_TEXTS.owner, { name })`
// with `useT('clients')`.
export const CLIENTS_TEXTS = {
  title: /*i18n*/ { id: 'clients.title', message: 'Clients' },
  subtitle: /*i18n*/ { id: 'clients.subtitle', message: 'Manage your client relationships' },
  addClient: /*i18n*/ { id: 'clients.addClient', message: 'Add Client' },
  editClient: /*i18n*/ { id: 'clients.editClient', message: 'Edit Client' },
  searchLabel: /*i18n*/ { id: 'clients.searchLabel', message: 'Search clients' },
  searchPlaceholder: /*i18n*/ { id: 'clients.searchPlaceholder', message: 'Search clients...' },
  loadingClients: /*i18n*/ { id: 'clients.loadingClients', message: 'Loading clients' },
  showing: /*i18n*/ { id: 'clients.showing', message: 'Showing {shown} of {total} clients' },
  // The card.
  contact: /*i18n*/ { id: 'clients.contact', message: 'Contact' },
  email: /*i18n*/ { id: 'clients.email', message: 'Email' },
  phone: /*i18n*/ { id: 'clients.phone', message: 'Phone' },
  website: /*i18n*/ { id: 'clients.website', message: 'Website' },
  owner: /*i18n*/ { id: 'clients.owner', message: 'Owner: {name}' },
  created: /*i18n*/ { id: 'clients.created', message: 'Created {date}' },
  // The Add Client and Edit Client dialog.
  addDescription: /*i18n*/ { id: 'clients.addDescription', message: 'Add a client to start running projects for them.' },
  editDescription: /*i18n*/ { id: 'clients.editDescription', message: 'Update the client’s details.' },
  fields: {
    name: /*i18n*/ { id: 'clients.fields.name', message: 'Client Name' },
    description: /*i18n*/ { id: 'clients.fields.description', message: 'Description' },
    contactName: /*i18n*/ { id: 'clients.fields.contactName', message: 'Contact Name' },
    contactEmail: /*i18n*/ { id: 'clients.fields.contactEmail', message: 'Contact Email' },
    contactPhone: /*i18n*/ { id: 'clients.fields.contactPhone', message: 'Contact Phone' },
    website: /*i18n*/ { id: 'clients.fields.website', message: 'Website' },
  },
  namePlaceholder: /*i18n*/ { id: 'clients.namePlaceholder', message: 'e.g., Acme Outdoor Co.' },
  descriptionPlaceholder: /*i18n*/ { id: 'clients.descriptionPlaceholder', message: 'What the client does, what they need' },
  websitePlaceholder: /*i18n*/ { id: 'clients.websitePlaceholder', message: 'example.com' },
  createClient: /*i18n*/ { id: 'clients.createClient', message: 'Create Client' },
  updateClient: /*i18n*/ { id: 'clients.updateClient', message: 'Update Client' },
  creating: /*i18n*/ { id: 'clients.creating', message: 'Creating...' },
  updating: /*i18n*/ { id: 'clients.updating', message: 'Updating...' },
} as const;
