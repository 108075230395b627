// Debian's browser libraries that are not ES modules (each sets a global, as Kazuhiko Arase's QR
// code generator sets `qrcode`) load as classic scripts from the hub's /vendor, once, when first needed.
const loading = new Map();

/** Resolves once the script at `src` has run. */
export function classicScript(src) {
  if (!loading.has(src)) {
    loading.set(src, new Promise((resolve, reject) => {
      const script = document.createElement("script");
      script.src = src;
      script.addEventListener("load", resolve);
      script.addEventListener("error", () => reject(new Error(`${src} did not load`)));
      document.head.append(script);
    }));
  }
  return loading.get(src);
}
