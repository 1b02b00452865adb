/** The `workerd` npm package, which ships no types: its binary's path and the newest compatibility date it supports. */
declare module 'workerd' {
  const binary: string
  export default binary
  export const compatibilityDate: string
  export const version: string
}
