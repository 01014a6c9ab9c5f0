/** The panel's shell: the views and their navigation, the add and edit sheet, the keys. */
export { ServerSheet, type Editing } from './ServerSheet';
export { SkipLink, MAIN_ID } from './SkipLink';
export { useShortcuts } from './use-shortcuts';
export { useView } from './use-view';
export { ViewNav } from './ViewNav';
export { VIEWS, type PanelView, type ViewContext } from './views';
