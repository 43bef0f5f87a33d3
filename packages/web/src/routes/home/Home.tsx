import { About } from '../general/About';

/** The home screen: until articles exist, it introduces the product. */
export function Home() {
  return <About title="畅读" />;
}
