/** Written by build/icon-subset.ts: the Material Symbols names the subset font draws. */
declare module 'virtual:icon-subset' {
  export const subsetIcons: ReadonlySet<string>;
}
