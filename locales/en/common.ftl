# Shared words: list joining, languages, settings.

## Lists: "a, b and c".
list-separator = {", "}
list-and = { $head } and { $last }

## Only for the tests of the catalogs' machinery.
test-list = { $names }
test-english-only = only in English
