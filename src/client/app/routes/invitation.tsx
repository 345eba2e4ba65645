import { Component as NotFound } from "./not-found.tsx";

/** Placeholder while the invitation page is being written. */
export function Component() {
  return <NotFound />;
}
