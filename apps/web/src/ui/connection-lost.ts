import { sharedValue } from './shared-value';

/**
 * Whether the panel has lost its server, as last seen by the live events stream or by any request:
 * one value for the page, set through connection/ (`reportStream`, `reportRequest`), and read down here too, by
 * the parts whose code loads later (lazy-part.tsx).
 */
export const connectionLost = sharedValue(false);
