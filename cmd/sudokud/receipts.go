package main

import (
	"fmt"

	"go.uber.org/zap"

	"github.com/sudokuhq/sudoku/internal/receipt"
	"github.com/sudokuhq/sudoku/internal/secretfile"
)

// loadReceiptSecret returns the secret that keys puzzle tokens and solve
// receipts: -receipt-secret (hex or base64, at least 128 bits) or the
// content of -receipt-secret-file, not both. With neither it returns nil,
// and logs a warning: the service then makes a random secret, so its
// tokens and receipts verify on this process only, until it restarts;
// replicas behind one load balancer refuse each other's tokens.
func loadReceiptSecret(text, file string, log *zap.Logger) ([]byte, error) {
	switch {
	case text != "" && file != "":
		return nil, fmt.Errorf("give -receipt-secret or -receipt-secret-file, not both")
	case file != "":
		return secretfile.Parse("receipt secret", file, receipt.ParseSecret)
	case text == "":
		log.Warn("no -receipt-secret or -receipt-secret-file: tokens and receipts are signed with a random secret of this process, so they verify here only and not after a restart, and other replicas refuse them; give every replica the same secret (make one with `sudoku receipts secret`)")
		return nil, nil
	}
	return receipt.ParseSecret(text)
}
