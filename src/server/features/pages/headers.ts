import { helmetHeaders } from '../../platform/http/security.ts';
import { EARLY_TAPS_HASH } from './early-taps.ts';

/**
 * A page's headers: helmet's defaults with an explicit own-origin CSP (helmet's default CSP would add
 * upgrade-insecure-requests, which breaks plain-HTTP hosts other than localhost), the referrer
 * policy browsers default to, and no HSTS (TLS ends at the proxy, which sets it: docs/security.md).
 */
export const SECURITY_HEADERS = helmetHeaders({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      // Our own files, and the one inline script a page carries (early-taps.ts), by its hash.
      scriptSrc: ["'self'", EARLY_TAPS_HASH],
      // react-hot-toast injects its keyframes in a <style> element.
      styleSrc: ["'self'", "'unsafe-inline'"],
      // Sellers give their laptop pictures as http(s) URLs (docs/product.md); images cannot run script.
      // blob: is the photo picker's thumbnails of photos not sent yet (only our own script can make one).
      imgSrc: ["'self'", 'data:', 'blob:', 'https:', 'http:'],
      // data: is the 1 KiB face of the word "বাংলা" the build writes into the stylesheet (styles.css).
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      // The service worker (/sw.js) and the web app manifest, ours only.
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  strictTransportSecurity: false,
});
