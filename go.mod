module github.com/sudokuhq/sudoku

go 1.26
