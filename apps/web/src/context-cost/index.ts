/** The context cost feature's public module. */
export { ContextCostRegion } from './ContextCostRegion';
