/// <reference types="node" />
// getPlatformProxy's workerd warns on stderr that the Worker's own Durable Object class is not available to
// it. The seed and the end-to-end tests' store proxy do not use it, so they keep that line out of the output.

export const DURABLE_OBJECT_CLASS_WARNING = /DurableObjectNamespace in the config referenced the class/;

/** Drops stderr writes matching `pattern` until the returned function is called. */
export function muteStderr(pattern: RegExp): () => void {
  const original = process.stderr.write;
  process.stderr.write = function (this: NodeJS.WriteStream, chunk: unknown, ...rest: unknown[]) {
    if (pattern.test(String(chunk))) {
      const callback = rest.find((r) => typeof r === "function") as (() => void) | undefined;
      callback?.();
      return true;
    }
    return (original as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
  } as typeof process.stderr.write;
  return () => {
    process.stderr.write = original;
  };
}
