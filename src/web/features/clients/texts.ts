// Labels of the clients feature (spec 2 "Clients tab"); the spec's messages (toasts, empty
// states, validation) are CLIENT_MESSAGES in src/domain/clients.ts.
export const CLIENTS_TEXTS = {
  title: 'Clients',
  subtitle: 'Manage your client relationships',
  addClient: 'Add Client',
  editClient: 'Edit Client',
  searchLabel: 'Search clients',
  searchPlaceholder: 'Search clients...',
  loadingClients: 'Loading clients',
  showing: (shown: number, total: number) => `Showing ${shown} of ${total} clients`,
  // The card.
  contact: 'Contact',
  email: 'Email',
  phone: 'Phone',
  website: 'Website',
  owner: (name: string) => `Owner: ${name}`,
  created: (date: string) => `Created ${date}`,
  // The Add Client and Edit Client dialog.
  addDescription: 'Add a client to start running projects for them.',
  editDescription: 'Update the client’s details.',
  fields: {
    name: 'Client Name',
    description: 'Description',
    contactName: 'Contact Name',
    contactEmail: 'Contact Email',
    contactPhone: 'Contact Phone',
    website: 'Website',
  },
  namePlaceholder: 'e.g., Acme Outdoor Co.',
  descriptionPlaceholder: 'What the client does, what they need',
  websitePlaceholder: 'example.com',
  createClient: 'Create Client',
  updateClient: 'Update Client',
  creating: 'Creating...',
  updating: 'Updating...',
} as const;
