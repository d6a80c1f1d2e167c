/** The part of snappyjs (0.7) the remote-write output uses: snappy's block format, not the framed one. */
declare module 'snappyjs' {
  function compress<T extends Uint8Array | ArrayBuffer>(uncompressed: T): T;
  function uncompress<T extends Uint8Array | ArrayBuffer>(compressed: T, maxLength?: number): T;
  const snappy: { compress: typeof compress; uncompress: typeof uncompress };
  export default snappy;
}
