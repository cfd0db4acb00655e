list-separator = {", "}
list-and = { $head } i { $last }
test-list = { $names }
