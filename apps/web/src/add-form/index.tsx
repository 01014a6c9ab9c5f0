/** The add and edit forms, each loaded the first time it shows (or once the panel has painted). */
import { lazyPart } from '../ui/lazy-part';
import { AddFormPlaceholder } from './AddFormPlaceholder';

// The form validates with mcp-core's zod schemas, most of the panel's code: the list paints without them.
export const AddServerForm = lazyPart(
  'the add form',
  () => import('./AddServerForm'),
  (module) => module.AddServerForm,
  <AddFormPlaceholder />,
);

export const EditServerForm = lazyPart(
  'the edit form',
  () => import('./EditServerForm'),
  (module) => module.EditServerForm,
  <AddFormPlaceholder />,
);

export type { AddFormPrefill, PrefillInput } from './prefill';
