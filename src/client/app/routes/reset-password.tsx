import { Outlet } from "react-router";

/** Placeholder while this page is being written. */
export function Component() {
  return (
    <main>
      <Outlet />
    </main>
  );
}
