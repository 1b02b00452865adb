// TypeDoc plugin (typedoc.json "plugin"): the category of every public export, so the API
// reference is grouped by what a user looks for (Client, Objects, Query, ...) instead of by kind.
//
// The table is typedoc-categories.json: per entry, each category and the exports in it. The
// plugin adds the tag of the table to each export that has no `@category` tag of its own, and warns
// about an export the table does not name, so with `treatWarningsAsErrors` a new export cannot
// land without a category; spec/public-exports.spec.ts holds the table to the entries' exports
// (every export named once, no name that is not exported).
import { readFileSync } from 'node:fs'
import { URL } from 'node:url'
import { Comment, CommentTag, Converter, ReflectionKind } from 'typedoc'

/** Entry (TypeDoc's module name) -> category -> the exports of that entry in it. */
const CATEGORIES = JSON.parse(readFileSync(new URL('./typedoc-categories.json', import.meta.url), 'utf8'))

/** @param {import('typedoc').Application} app */
export function load(app) {
  app.converter.on(Converter.EVENT_RESOLVE_BEGIN, (context) => {
    for (const module of context.project.getChildrenByKind(ReflectionKind.Module)) {
      const table = CATEGORIES[module.name]
      if (table === undefined) {
        app.logger.warn(`typedoc-categories: no categories for the entry ${module.name}`)
        continue
      }
      const categoryOf = new Map(Object.entries(table).flatMap(([category, names]) => names.map((name) => [name, category])))
      for (const child of module.children ?? []) {
        if (child.kindOf(ReflectionKind.Reference)) continue
        const category = categoryOf.get(child.name)
        if (category === undefined) {
          app.logger.warn(`typedoc-categories: ${module.name} exports ${child.name}, which has no category (add it to typedoc-categories.json)`)
          continue
        }
        const has = (comment) => comment?.blockTags.some((tag) => tag.tag === '@category') === true
        if (has(child.comment) || (child.signatures ?? []).some((signature) => has(signature.comment))) continue
        const tag = new CommentTag('@category', [{ kind: 'text', text: category }])
        if (child.comment === undefined) child.comment = new Comment([], [tag])
        else child.comment.blockTags.push(tag)
      }
    }
  })
}
