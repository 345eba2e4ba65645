// `npm run serve`: the server (API + the built app, as it is) without `npm start`'s check of the
// web app's build; bundled into one module (decision 044). Settings come from the environment.
import { runServer } from "./server-bundle.mjs";

await runServer(new URL("..", import.meta.url).pathname);
