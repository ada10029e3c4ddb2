/** A module bundled into one CommonJS text for a worker thread (worker-source.ts). */
declare module '*?worker-source' {
  const source: string
  export default source
}
