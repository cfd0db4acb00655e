list-separator = {", "}
list-and = { $head } at { $last }
test-list = { $names }
