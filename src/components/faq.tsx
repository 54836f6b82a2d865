/**
 * Questions and answers as native disclosures (`<details>`): keyboard-operable and readable
 * without script, so a page can send them as server HTML.
 */
export const FaqList = ({
  items,
}: {
  items: readonly (readonly [question: string, answer: string])[];
}) => (
  <div className="faq">
    {items.map(([question, answer]) => (
      <details key={question}>
        <summary>{question}</summary>
        <p>{answer}</p>
      </details>
    ))}
  </div>
);
