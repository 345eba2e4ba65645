// Setup for the "dom" Vitest project (jsdom). Intentionally empty: @testing-library/jest-dom is
// not installed, so tests use plain Vitest matchers (e.g. `expect(el.textContent)`, `toBeTruthy()`),
// and each test file calls Testing Library's `cleanup` itself (Vitest runs without globals).
export {};
