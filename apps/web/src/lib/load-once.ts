/**
 * `load`, run once: later calls share its promise. A failure (a dropped connection, a new release
 * that replaced a file) is forgotten, so that the next call tries again. For what the app
 * downloads on first use: a part's code, a schema, a data file.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    if (!loading) {
      const current = load();
      loading = current;
      current.catch(() => {
        if (loading === current) loading = undefined;
      });
    }
    return loading;
  };
}
