/* global window */
// Starts the API viewer of /api/docs. An external file, because the Content-Security-Policy
// allows no inline script (app.ts). Loaded only by that page.
window.ui = window.SwaggerUIBundle({
  url: '/api/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  // Nothing leaves the server: no online validator badge.
  validatorUrl: null,
  docExpansion: 'list',
  defaultModelsExpandDepth: 0,
  persistAuthorization: false,
});
