import { StrictMode, Suspense } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router/dom";
import { Providers } from "./app/providers.tsx";
import { router } from "./app/router.tsx";
import { watchFormErrors } from "./lib/focus-form-errors.ts";
import { initI18n } from "./lib/i18n.ts";
import "./styles.css";

const root = document.getElementById("root");
if (!root) throw new Error("The page has no #root element.");

void initI18n();
// A submitted form's first error is scrolled into view and focused, in every form.
watchFormErrors();

createRoot(root).render(
  <StrictMode>
    <Providers>
      <Suspense fallback={<div className="min-h-svh" aria-busy="true" />}>
        <RouterProvider router={router} />
      </Suspense>
    </Providers>
  </StrictMode>,
);
