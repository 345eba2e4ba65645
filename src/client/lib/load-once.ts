/**
 * A module fetched on first need and kept: `load` starts the fetch once and resolves with the
 * module; a failed fetch (offline) is forgotten, so the next call tries again. `loaded` is the
 * module once it is there. Used by the deferred header menus and the deferred dialogs.
 */
export function loadOnce<T>(importer: () => Promise<T>): {
  load: () => Promise<T>;
  loaded: () => T | undefined;
} {
  let module: T | undefined;
  let loading: Promise<T> | undefined;
  return {
    load: () =>
      (loading ??= importer().then(
        (arrived) => {
          module = arrived;
          return arrived;
        },
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      )),
    loaded: () => module,
  };
}
