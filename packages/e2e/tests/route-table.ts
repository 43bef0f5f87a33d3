import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const WEB_SRC = path.join(import.meta.dirname, '../../web/src');

/** A relative import of the web app, as the file it names (`./routes/book/routes` → …/routes.ts). */
function resolveModule(from: string, specifier: string): string | undefined {
  const base = path.resolve(path.dirname(from), specifier);
  return ['.ts', '.tsx'].map((ext) => base + ext).find((file) => fs.existsSync(file));
}

/**
 * Every screen path of the web app's router, as its patterns ('/', '/article/:id', '/admin/code',
 * '/*'), read from the source of `router.tsx` and the route lists it spreads in: the router is
 * the one list of screens, so a screen added there is found here without a copy to keep.
 * Read as source, not imported: the route table pulls in the whole app (CSS, the browser's APIs).
 */
export function routerPaths(): string[] {
  const arrays = new Map<string, ts.ArrayLiteralExpression>();
  const seen = new Set<string>();
  const read = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    for (const statement of source.statements) {
      if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
        // Only route lists: components and the screens themselves are loaded lazily and hold no routes.
        const specifier = statement.moduleSpecifier.text;
        const named = statement.importClause?.namedBindings;
        const importsRoutes = named && ts.isNamedImports(named) && named.elements.some((e) => /[rR]outes$/.test(e.name.text));
        const file = specifier.startsWith('.') && importsRoutes ? resolveModule(source.fileName, specifier) : undefined;
        if (file) read(file);
      }
      if (ts.isVariableStatement(statement)) {
        for (const declaration of statement.declarationList.declarations) {
          if (ts.isIdentifier(declaration.name) && declaration.initializer && ts.isArrayLiteralExpression(declaration.initializer)) {
            arrays.set(declaration.name.text, declaration.initializer);
          }
        }
      }
    }
  };
  read(path.join(WEB_SRC, 'router.tsx'));

  const paths: string[] = [];
  const property = (object: ts.ObjectLiteralExpression, name: string) =>
    object.properties.find((p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && p.name.text === name)
      ?.initializer;
  const walk = (list: ts.ArrayLiteralExpression, prefix: string) => {
    for (const element of list.elements) {
      if (ts.isSpreadElement(element)) {
        const name = element.expression.getText();
        const spread = arrays.get(name);
        if (!spread) throw new Error(`route list ${name} is not found in the web app's route files`);
        walk(spread, prefix);
        continue;
      }
      if (!ts.isObjectLiteralExpression(element)) throw new Error(`a route the table cannot read: ${element.getText()}`);
      const pathNode = property(element, 'path');
      if (pathNode && !ts.isStringLiteral(pathNode)) throw new Error(`a route path that is not a plain string: ${pathNode.getText()}`);
      const own = pathNode ? pathNode.text : '';
      const full = own.startsWith('/') ? own : own ? `${prefix.replace(/\/$/, '')}/${own}` : prefix;
      const children = property(element, 'children');
      if (children && ts.isArrayLiteralExpression(children)) walk(children, full);
      else if (own || property(element, 'index')?.kind === ts.SyntaxKind.TrueKeyword) paths.push(full || '/');
    }
  };
  const routes = arrays.get('routes');
  if (!routes) throw new Error('router.tsx has no `routes` list');
  walk(routes, '');
  return paths;
}
