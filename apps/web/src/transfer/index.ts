/** Import and export: two buttons in the Servers view's head; their dialogs load when first opened. */
export { TransferBar } from './TransferBar';
