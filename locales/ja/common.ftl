list-separator = 、
list-and = { $head }と{ $last }
test-list = { $names }
