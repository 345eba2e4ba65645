import { secureHeaders } from "hono/secure-headers";

/**
 * CSP without inline script, nosniff, no framing, a strict referrer policy, and a
 * Permissions-Policy that turns off every powerful browser feature Hearth does not use.
 */
export function securityHeaders(options: { https: boolean }) {
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", "data:", "blob:"],
      fontSrc: ["'self'", "data:"],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    xFrameOptions: "DENY",
    xContentTypeOptions: "nosniff",
    referrerPolicy: "strict-origin-when-cross-origin",
    strictTransportSecurity: options.https ? "max-age=31536000; includeSubDomains" : false,
    crossOriginEmbedderPolicy: false,
    permissionsPolicy: {
      camera: false,
      microphone: false,
      geolocation: false,
      payment: false,
      usb: false,
      serial: false,
      hid: false,
      bluetooth: false,
      midi: false,
      magnetometer: false,
      gyroscope: false,
      accelerometer: false,
      displayCapture: false,
      screenWakeLock: false,
      publickeyCredentialsGet: false,
      browsingTopics: false,
    },
  });
}
