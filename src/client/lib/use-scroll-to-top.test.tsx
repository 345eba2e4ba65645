import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { createMemoryRouter, Link, Outlet, RouterProvider, useNavigate } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useScrollToTop } from "./use-scroll-to-top.ts";

let scrollTo: ReturnType<typeof vi.fn>;
beforeEach(() => {
  scrollTo = vi.fn();
  window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
});
afterEach(cleanup);

function Root() {
  useScrollToTop();
  return <Outlet />;
}

function Landing() {
  const navigate = useNavigate();
  return (
    <main>
      <Link to="/auth?mode=sign-up">Start for free</Link>
      <Link to="/privacy#section-3">Section 3</Link>
      <button type="button" onClick={() => void navigate("/?filter=x")}>
        Filter
      </button>
    </main>
  );
}

function Privacy() {
  return (
    <main>
      <h1>Privacy</h1>
      <h2 id="section-3">3. What we keep</h2>
      <Link to="/privacy">Privacy</Link>
    </main>
  );
}

function renderApp() {
  const router = createMemoryRouter(
    [
      {
        Component: Root,
        children: [
          { path: "/", Component: Landing },
          { path: "/auth", element: <h1>Sign up</h1> },
          { path: "/privacy", Component: Privacy },
        ],
      },
    ],
    { initialEntries: ["/"] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe("useScrollToTop", () => {
  it("does not move the first page, and starts the next one at its top", async () => {
    renderApp();
    expect(scrollTo).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole("link", { name: "Start for free" }));
    await screen.findByRole("heading", { name: "Sign up" });
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it("goes to the anchor a link names, and to the top when the same page is opened again", async () => {
    const scrolled = vi.fn();
    HTMLElement.prototype.scrollIntoView = scrolled;
    renderApp();
    fireEvent.click(screen.getByRole("link", { name: "Section 3" }));
    await screen.findByRole("heading", { name: "Privacy" });
    expect(scrolled).toHaveBeenCalledTimes(1);
    expect(scrollTo).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole("link", { name: "Privacy" }));
    await vi.waitFor(() => expect(scrollTo).toHaveBeenCalledWith(0, 0));
  });

  it("keeps the place when only the query changes, and leaves back to the browser", async () => {
    const router = renderApp();
    fireEvent.click(screen.getByRole("button", { name: "Filter" }));
    await vi.waitFor(() => expect(router.state.location.search).toBe("?filter=x"));
    expect(scrollTo).not.toHaveBeenCalled();
    await router.navigate(-1);
    await vi.waitFor(() => expect(router.state.location.search).toBe(""));
    expect(scrollTo).not.toHaveBeenCalled();
  });
});
