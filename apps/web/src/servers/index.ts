/** The servers feature's public module: the section that lists them, and the id focus returns to after an edit. */
export { ServersSection } from './ServersSection';
export { editButtonId } from './server-display';
export { SEARCH_BOX_ID } from './ListToolbar';
export { sheetHref } from './sheet-address';
