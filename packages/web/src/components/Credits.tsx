import type { CreditGroup } from '../lib/credits';

/** The "数据与许可" list: one titled list per group, each entry with its role and licence. */
export function Credits({ groups }: { groups: CreditGroup[] }) {
  return (
    <div className="credits">
      {groups
        .filter((group) => group.items.length > 0)
        .map((group) => (
          <section key={group.id} className="credit-group" aria-labelledby={`credits-${group.id}`}>
            <h3 id={`credits-${group.id}`} className="credit-group-title">
              {group.title}
            </h3>
            <ul className="credit-list">
              {group.items.map((item) => (
                <li key={item.name} className="credit-item">
                  <div className="credit-main">
                    <a href={item.url} target="_blank" rel="noopener noreferrer" className="credit-name">
                      {item.name}
                    </a>
                    <span className="credit-role">{item.role}</span>
                  </div>
                  <span className="credit-licence">{item.licence}</span>
                </li>
              ))}
            </ul>
          </section>
        ))}
    </div>
  );
}
