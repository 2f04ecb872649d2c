export function App() {
  return (
    <main>
      <h1>Parlo</h1>
      <p>Learn a language in short daily lessons.</p>
    </main>
  );
}
